/**
 * Emotion's style cache without stylis' vendor prefixer. Every browser the build targets reads the
 * standard properties; the prefixed copies (`-webkit-box`, `-ms-flexbox`, …) only made the first
 * render's CSS longer to compile and insert (Lighthouse, bench/README.md). Safari still reads
 * `user-select` only with its prefix, and MUI's buttons and icons set it so that a long press on a
 * phone does not select their text: that one prefix is kept.
 */
import createCache, { type StylisPlugin } from '@emotion/cache';

const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select') {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

export const styleCache = createCache({ key: 'css', stylisPlugins: [webkitUserSelect] });
