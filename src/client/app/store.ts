import { configureStore } from '@reduxjs/toolkit';
import { api, type ApiExtra } from '../lib/api';

export function createAppStore(extra: ApiExtra) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
}
