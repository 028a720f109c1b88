// The wire shape of every error the API returns. `fields` names each bad input with a message a
// person can act on.
export type ApiErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
};
