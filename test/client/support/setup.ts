import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// CI runs the jsdom suites beside the browser suites on two cores: a lazy route or a refetch can
// take seconds there. The waits still end as soon as the screen shows what a test waits for.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);
