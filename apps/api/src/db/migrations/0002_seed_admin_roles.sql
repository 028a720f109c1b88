-- Permissions per role (spec §3 admin_roles); super_admin holds admin.all.
INSERT INTO "admin_roles" ("name", "permissions") VALUES
  ('super_admin', '{"admin.all": true, "view_dashboard": true, "manage_users": true, "view_analytics": true, "manage_chatbots": true, "manage_tickets": true, "view_audit_logs": true, "manage_notifications": true, "manage_roles": true, "manage_settings": true}'),
  ('sales_manager', '{"admin.all": false, "view_dashboard": true, "manage_users": true, "view_analytics": true, "manage_chatbots": true, "manage_tickets": false, "view_audit_logs": false, "manage_notifications": false, "manage_roles": false, "manage_settings": false}'),
  ('support_team', '{"admin.all": false, "view_dashboard": true, "manage_users": false, "view_analytics": false, "manage_chatbots": true, "manage_tickets": true, "view_audit_logs": false, "manage_notifications": false, "manage_roles": false, "manage_settings": false}')
ON CONFLICT ("name") DO NOTHING;
