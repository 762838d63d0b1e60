/**
 * Restoring one todo (the Undo of a delete, and Restore in the trash): the call, then "Todo
 * restored!" or the catalogue's error. Each press is its own request, not a shared mutation state.
 */
import { useDispatch } from 'react-redux';
import type { TodoEntity } from '../../shared/api-types';
import type { AppDispatch } from '../lib/api';
import {
  changeErrorMessage,
  isSuccessStatus,
  RESTORE_ODD_STATUS_MESSAGE,
  RESTORE_SUCCESS_MESSAGE,
} from '../lib/messages';
import { todosApi } from './todosApi';
import { toasts } from '../lib/toasts';

/** `userId` is the owner a Strapi backend's re-create needs; Ticklist's restore ignores it. */
export function useRestore(userId: number | undefined) {
  const dispatch = useDispatch<AppDispatch>();
  return async (todo: TodoEntity): Promise<boolean> => {
    const request = dispatch(todosApi.endpoints.restoreTodo.initiate({ todo, user: userId }));
    try {
      const outcome = await request.unwrap();
      if (isSuccessStatus(outcome.status)) toasts.success(RESTORE_SUCCESS_MESSAGE, 'restore');
      else toasts.error(RESTORE_ODD_STATUS_MESSAGE, 'restore');
      return true;
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'restore');
      return false;
    } finally {
      request.reset();
    }
  };
}
