-- Issue 47 item 10 (decision 277): the audit row keeps the role its operator held when they acted,
-- and a checker's decision on a maker-checker request keeps the checker's reason.
-- Rows written before this have no role: the log shows the operator's current role for them.
ALTER TABLE audit_log ADD COLUMN operator_role text;
ALTER TABLE order_approvals ADD COLUMN decision_reason text;
