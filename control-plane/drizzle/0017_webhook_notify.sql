-- A webhook event written anywhere wakes the deliverers at once (LISTEN plume_webhooks) instead of at their next poll.
-- Row-level with one payload: PostgreSQL delivers one notification per transaction however many rows it inserted.
CREATE OR REPLACE FUNCTION plume_webhooks_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('plume_webhooks', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_notify AFTER INSERT ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION plume_webhooks_notify();
