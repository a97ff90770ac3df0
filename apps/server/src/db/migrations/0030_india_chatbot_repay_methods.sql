-- Issue 30 item 9: India's chatbot offered virtual accounts and mini markets, which only Indonesia has
-- (India repays by bank card or the online checkout page). The seed says so for a new database; this
-- rewrites the two English (India) texts a database seeded before kept. Texts an operator changed stay.
UPDATE qa_node_texts
SET title = 'Open Loan details and tap Repay. Pay by bank card or on the online checkout page.'
WHERE locale = 'en-IN'
  AND title = 'Open Loan details and tap Repay. Pay by bank card, virtual account, mini market or the checkout page.';
UPDATE qa_node_texts
SET alias = 'repay pay payment bank card checkout online'
WHERE locale = 'en-IN' AND alias = 'repay pay payment bank card virtual account';
