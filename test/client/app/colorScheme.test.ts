import { nextMode, shownScheme, toggleLabel } from '../../../src/client/app/colorScheme';

describe('the colour scheme choice', () => {
  it.each([
    [undefined, 'light', 'light'],
    [undefined, 'dark', 'dark'],
    ['system', 'light', 'light'],
    ['system', 'dark', 'dark'],
    ['light', 'dark', 'light'],
    ['dark', 'light', 'dark'],
  ] as const)('mode %s on a %s system shows %s', (mode, system, shown) => {
    expect(shownScheme(mode, system)).toBe(shown);
  });

  it.each([
    // Away from the system's scheme: the explicit choice is stored.
    ['system', 'light', 'dark'],
    ['system', 'dark', 'light'],
    [undefined, 'light', 'dark'],
    // Back to the system's scheme: follow the system again.
    ['dark', 'light', 'system'],
    ['light', 'dark', 'system'],
    // An explicit choice equal to the system's (the system changed since): the other one.
    ['light', 'light', 'dark'],
    ['dark', 'dark', 'light'],
  ] as const)('a press from mode %s on a %s system stores %s', (mode, system, next) => {
    expect(nextMode(mode, system)).toBe(next);
  });

  it('every press shows the other scheme', () => {
    for (const mode of [undefined, 'system', 'light', 'dark'] as const) {
      for (const system of ['light', 'dark'] as const) {
        expect(shownScheme(nextMode(mode, system), system)).not.toBe(shownScheme(mode, system));
      }
    }
  });

  it('names the toggle after what a press does', () => {
    expect(toggleLabel('light')).toBe('Switch to dark theme');
    expect(toggleLabel('dark')).toBe('Switch to light theme');
  });
});
