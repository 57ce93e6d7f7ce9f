CREATE TABLE "account_browser_states" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"reported_by" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_to_node_id" text,
	"sent_epoch" bigint,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "node_enrollment_tokens" ADD COLUMN "all_users" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "execution_nodes" ADD COLUMN "all_users" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_browser_states" ADD CONSTRAINT "account_browser_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The account lists cached by every replica (migration 0005) show whether an account's node
-- serves its user: a node given or denied all users is news to them too.
DROP TRIGGER openapi_accounts_notify_update ON execution_nodes;
--> statement-breakpoint
CREATE TRIGGER openapi_accounts_notify_update AFTER UPDATE ON execution_nodes
  FOR EACH ROW WHEN (
    OLD.kind IS DISTINCT FROM NEW.kind
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.all_users IS DISTINCT FROM NEW.all_users
    OR OLD.capabilities IS DISTINCT FROM NEW.capabilities
    OR OLD.connected_replica IS DISTINCT FROM NEW.connected_replica
    OR (NEW.last_heartbeat_at IS DISTINCT FROM OLD.last_heartbeat_at
        AND (OLD.last_heartbeat_at IS NULL OR NEW.last_heartbeat_at IS NULL
             OR NEW.last_heartbeat_at < OLD.last_heartbeat_at
             OR OLD.last_heartbeat_at < now() - interval '45 seconds'))
  )
  EXECUTE FUNCTION openapi_accounts_notify();
