import { render, screen } from '@testing-library/react';
import { ProfileView } from '../../../src/client/account/ProfilePage';
import { aSession } from '../session/fixtures';

const valueOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('Profile screen', () => {
  beforeEach(() => localStorage.clear());

  it("shows the user's details", () => {
    render(<ProfileView user={aSession({ username: 'alice', email: 'alice@example.com' }).user} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(valueOf('Username:')).toBe('alice');
    expect(valueOf('Email:')).toBe('alice@example.com');
    expect(valueOf('Provider:')).toBe('local');
    expect(valueOf('Account Status:')).toBe('Confirmed');
    expect(valueOf('Account:')).toBe('Active');
  });

  it('says Not Confirmed and Blocked when so', () => {
    render(<ProfileView user={aSession({ confirmed: false, blocked: true }).user} />);
    expect(valueOf('Account Status:')).toBe('Not Confirmed');
    expect(valueOf('Account:')).toBe('Blocked');
  });
});
