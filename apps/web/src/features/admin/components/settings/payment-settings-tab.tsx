// Owned by the payments work (issue 15): the Payment tab of /admin/settings.
export function PaymentSettingsTab() {
  return <p className="text-sm text-slate-600">Payment settings are not available yet.</p>;
}
