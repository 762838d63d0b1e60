/**
 * @jest-environment node
 *
 * Large answers' memory freed soon after they leave (http/answer-collection): a collection every
 * so many bytes, and it really frees a dead Buffer without V8's gc left on the global object.
 */
import { collectAfterLargeAnswers } from '../../../src/server/http/answer-collection';

const MiB = 1024 * 1024;

describe('collectAfterLargeAnswers', () => {
  it('collects once every `everyBytes` sent, never before', () => {
    const collect = jest.fn();
    const answers = collectAfterLargeAnswers(4 * MiB, collect);
    answers.sent(3 * MiB);
    expect(collect).not.toHaveBeenCalled();
    answers.sent(1 * MiB);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collect).toHaveBeenCalledWith();
    answers.sent(2 * MiB);
    answers.sent(1 * MiB);
    expect(collect).toHaveBeenCalledTimes(1);
    answers.sent(5 * MiB);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('frees the memory of a sent answer’s Buffer, leaving gc off the global object', async () => {
    const hadGc = 'gc' in globalThis;
    const answers = collectAfterLargeAnswers(1);
    answers.sent(1); // a first collection, so only the answer below is left to free
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    // Other ArrayBuffers of the process come and go meanwhile (a few hundred KiB), so the test
    // measures the drop the collection brings, with room for that noise.
    let whileHeld = 0;
    // The answer is only reachable inside this function, as a sent answer is once its write is done.
    const sendAnswer = () => {
      const answer = Buffer.alloc(16 * MiB, 1);
      whileHeld = process.memoryUsage().arrayBuffers;
      return answer.length;
    };
    answers.sent(sendAnswer());
    const freed = () => whileHeld - process.memoryUsage().arrayBuffers;
    // V8 may hand the freeing to a background thread: a short wait, far below V8's own next collection.
    for (let i = 0; i < 50 && freed() < 12 * MiB; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(freed()).toBeGreaterThanOrEqual(12 * MiB);
    expect('gc' in globalThis).toBe(hadGc);
  });
  it('frees an answer that outlived collections made while it was being sent', async () => {
    const answers = collectAfterLargeAnswers(1);
    // The answer being sent, reachable only from this holder until it has left.
    const sending: { answer?: Buffer } = {};
    const startSending = () => {
      sending.answer = Buffer.alloc(16 * MiB, 1);
    };
    startSending();
    // Other answers leave while this one is still being sent: each brings a collection it survives.
    for (let i = 0; i < 3; i++) answers.sent(1);
    const whileHeld = process.memoryUsage().arrayBuffers;
    expect(sending.answer?.length).toBe(16 * MiB);
    delete sending.answer;
    answers.sent(16 * MiB);
    const freed = () => whileHeld - process.memoryUsage().arrayBuffers;
    for (let i = 0; i < 50 && freed() < 12 * MiB; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(freed()).toBeGreaterThanOrEqual(12 * MiB);
  });
});
