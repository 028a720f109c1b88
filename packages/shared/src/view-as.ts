// Kept apart from the schemas: the public pages' script reads the header name through the API
// client, and a module with zod schemas would bring zod with it.
// View as customer: staff with the Users area and 'manage_users' open a customer's dashboard read
// only. Starting a view is audited and answers a signed, short-lived grant; the web app sends it
// in this header on its API calls while the view lasts, and the server then answers the
// customer-facing GET routes as that customer and refuses every write.
export const viewAsHeader = 'x-view-as';
export type ViewAsGrant = {
  user_id: string;
  email: string;
  name: string;
  token: string;
  expires_at: string;
};
export const viewAsMessages = {
  readOnly: 'View as customer is read-only.',
  ended: 'This view as the customer has ended. Open it again from Users.',
  notAllowed: "You don't have permission to view customers' dashboards.",
  customersOnly: 'Only customer accounts can be viewed as the customer.',
  gone: 'This customer account no longer exists.',
  hidden: 'This is not shown while viewing as the customer.',
} as const;
