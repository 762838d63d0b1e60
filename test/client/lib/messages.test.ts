import {
  changeErrorMessage,
  isSuccessStatus,
  listErrorDetails,
  ODD_STATUS_MESSAGES,
  SUCCESS_MESSAGES,
} from '../../../src/client/lib/messages';

describe('the error catalogue of the todo screen', () => {
  it('has the spec texts word for word', () => {
    expect(SUCCESS_MESSAGES).toEqual({
      add: 'Todo added successfully!',
      edit: 'Todo updated successfully!',
      delete: 'Todo Deleted successfully!',
    });
    expect(ODD_STATUS_MESSAGES).toEqual({
      add: 'Todo was added but something went wrong!',
      edit: 'Todo was updated but something went wrong!',
      delete: 'Todo was Deleted but something went wrong!',
    });
  });

  it('counts 200 and 204 as success, nothing else', () => {
    expect([200, 201, 202, 204, 0].map(isSuccessStatus)).toEqual([true, false, false, true, false]);
  });

  it('shows the server error.message for a server error response', () => {
    const error = {
      status: 400,
      data: {
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'title is a required field' },
      },
    };
    expect(changeErrorMessage(error)).toBe('title is a required field');
  });

  it('falls back to "Something went wrong!" for a response without a message', () => {
    expect(changeErrorMessage({ status: 502, data: '<html>Bad gateway</html>' })).toBe(
      'Something went wrong!',
    );
    expect(
      changeErrorMessage({
        status: 'PARSING_ERROR',
        originalStatus: 500,
        data: '',
        error: 'SyntaxError',
      }),
    ).toBe('Something went wrong!');
    expect(changeErrorMessage(new Error('boom'))).toBe('Something went wrong!');
  });

  it('says "Network error! Please try again later." when there is no response', () => {
    expect(changeErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Network error! Please try again later.',
    );
    expect(changeErrorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(
      'Network error! Please try again later.',
    );
  });
});

describe('the error page of a failed list load', () => {
  it('keeps the HTTP status and shows the server message', () => {
    const error = {
      status: 403,
      data: { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } },
    };
    expect(listErrorDetails(error)).toEqual({ status: 403, message: 'Forbidden' });
  });

  it('derives a numeric status when there was no HTTP answer', () => {
    expect(listErrorDetails({ status: 'FETCH_ERROR', error: 'TypeError' })).toEqual({
      status: 503,
      message: 'Network error! Please try again later.',
    });
    expect(listErrorDetails({ status: 'TIMEOUT_ERROR', error: 'AbortError' }).status).toBe(408);
    expect(
      listErrorDetails({
        status: 'PARSING_ERROR',
        originalStatus: 502,
        data: '',
        error: 'SyntaxError',
      }),
    ).toEqual({
      status: 502,
      message: 'Something went wrong!',
    });
    expect(listErrorDetails({ message: 'Unexpected' })).toEqual({
      status: 500,
      message: 'Unexpected',
    });
  });
});
