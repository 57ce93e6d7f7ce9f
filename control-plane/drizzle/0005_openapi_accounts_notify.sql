-- Open API read caches: every replica keeps each user's account list (accounts, their nodes'
-- routing state, node_users, presets) in memory and LISTENs on plume_openapi_accounts; these
-- triggers NOTIFY (at commit) whenever something such a list shows changes, whoever writes it
-- (admin API, dispatch hub, enrollment). Payloads: 'u:<user id>', 'a:<account id>', 'n:<node id>'.
-- Heartbeats alone do not notify (readers expire a node's online flag by its heartbeat age),
-- except the heartbeat that brings a stale node back.
CREATE OR REPLACE FUNCTION openapi_accounts_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'accounts' OR TG_TABLE_NAME = 'node_users' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('plume_openapi_accounts', 'u:' || OLD.user_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('plume_openapi_accounts', 'u:' || NEW.user_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'account_presets' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('plume_openapi_accounts', 'a:' || OLD.account_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('plume_openapi_accounts', 'a:' || NEW.account_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'execution_nodes' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('plume_openapi_accounts', 'n:' || OLD.id);
    ELSE
      PERFORM pg_notify('plume_openapi_accounts', 'n:' || NEW.id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER openapi_accounts_notify AFTER INSERT OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION openapi_accounts_notify();
--> statement-breakpoint
CREATE TRIGGER openapi_accounts_notify_update AFTER UPDATE ON accounts
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION openapi_accounts_notify();
--> statement-breakpoint
CREATE TRIGGER openapi_accounts_notify AFTER INSERT OR UPDATE OR DELETE ON node_users
  FOR EACH ROW EXECUTE FUNCTION openapi_accounts_notify();
--> statement-breakpoint
CREATE TRIGGER openapi_accounts_notify AFTER INSERT OR DELETE ON account_presets
  FOR EACH ROW EXECUTE FUNCTION openapi_accounts_notify();
--> statement-breakpoint
CREATE TRIGGER openapi_accounts_notify_update AFTER UPDATE ON account_presets
  FOR EACH ROW WHEN (OLD.settings IS DISTINCT FROM NEW.settings OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.content_type IS DISTINCT FROM NEW.content_type)
  EXECUTE FUNCTION openapi_accounts_notify();
--> statement-breakpoint
CREATE TRIGGER openapi_accounts_notify AFTER DELETE ON execution_nodes
  FOR EACH ROW EXECUTE FUNCTION openapi_accounts_notify();
--> statement-breakpoint
-- A heartbeat moving forward from a fresh one is routine (the hub beats every 20 s) and readers
-- expire the online flag by heartbeat age themselves; one refreshing a heartbeat older than 45 s
-- (about to be offline: NODE_ONLINE_WINDOW_SECONDS = 60), or moving backwards or to/from null,
-- is news.
CREATE TRIGGER openapi_accounts_notify_update AFTER UPDATE ON execution_nodes
  FOR EACH ROW WHEN (
    OLD.kind IS DISTINCT FROM NEW.kind
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.capabilities IS DISTINCT FROM NEW.capabilities
    OR OLD.connected_replica IS DISTINCT FROM NEW.connected_replica
    OR (NEW.last_heartbeat_at IS DISTINCT FROM OLD.last_heartbeat_at
        AND (OLD.last_heartbeat_at IS NULL OR NEW.last_heartbeat_at IS NULL
             OR NEW.last_heartbeat_at < OLD.last_heartbeat_at
             OR OLD.last_heartbeat_at < now() - interval '45 seconds'))
  )
  EXECUTE FUNCTION openapi_accounts_notify();
