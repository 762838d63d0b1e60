/**
 * At most `slots` holders at a time; the others wait their turn, in arrival order. Used to bound
 * how many large answers (a user's whole todo list, megabytes each) are built and held in memory at
 * once: fifty clients asking together then cost a few answers' memory, not fifty.
 */
export interface Gate {
  /** Resolves once a slot is free, with the function that frees it (safe to call twice). */
  enter(): Promise<() => void>;
}

export function createGate(slots: number): Gate {
  let free = slots;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    async enter() {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
  };
}
