import { createGate } from '../../../src/server/http/gate';

describe('gate', () => {
  it('lets at most its slots in, then the waiting ones in arrival order', async () => {
    const gate = createGate(2);
    const order: string[] = [];
    const first = await gate.enter();
    const second = await gate.enter();
    const third = gate.enter().then((release) => (order.push('third'), release));
    const fourth = gate.enter().then((release) => (order.push('fourth'), release));
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    first(); // a second call frees nothing more
    const releaseThird = await third;
    await Promise.resolve();
    expect(order).toEqual(['third']);
    second();
    const releaseFourth = await fourth;
    expect(order).toEqual(['third', 'fourth']);
    releaseThird();
    releaseFourth();
    // Both slots free again: two enter at once.
    await Promise.all([gate.enter(), gate.enter()]);
  });
});
