/** The profile's fresh copy of the user updates the stored session when the confirmation changed. */
import { renderHook } from '@testing-library/react';
import type { Session } from '../../../src/shared/api-types';
import { useStoredConfirmation } from '../../../src/client/session/useStoredConfirmation';
import { aSession } from './fixtures';

const mockSend = jest.fn();
let mockSession: Session | undefined;
jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSession: () => mockSession,
  useSessionActor: () => ({ send: mockSend }),
}));

beforeEach(() => mockSend.mockClear());

describe('useStoredConfirmation', () => {
  it('stores the confirmation the server has, keeping the token', () => {
    mockSession = aSession({ confirmed: false });
    renderHook(() => useStoredConfirmation({ id: 7, confirmed: true }));
    expect(mockSend).toHaveBeenCalledTimes(1);
    expect(mockSend).toHaveBeenCalledWith({
      type: 'session.renewed',
      session: aSession({ confirmed: true }),
    });
  });

  it.each([
    ['the server agrees', aSession({ confirmed: true }), { id: 7, confirmed: true }],
    ['the answer is another user’s', aSession({ confirmed: false }), { id: 8, confirmed: true }],
    ['no answer came yet', aSession({ confirmed: false }), undefined],
    ['nobody is signed in', undefined, { id: 7, confirmed: true }],
  ])('changes nothing when %s', (_case, session, fresh) => {
    mockSession = session;
    renderHook(() => useStoredConfirmation(fresh));
    expect(mockSend).not.toHaveBeenCalled();
  });
});
