CREATE TABLE "retired_device_keys" (
	"device_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retired_device_keys_device_id_public_key_pk" PRIMARY KEY("device_id","public_key")
);
--> statement-breakpoint
CREATE TABLE "desktop_node_devices" (
	"node_id" text PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desktop_node_devices_device_id_unique" UNIQUE("device_id")
);
--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "retired_device_keys" ADD CONSTRAINT "retired_device_keys_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desktop_node_devices" ADD CONSTRAINT "desktop_node_devices_node_id_execution_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."execution_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desktop_node_devices" ADD CONSTRAINT "desktop_node_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_codes_user" ON "activation_codes" USING btree ("user_id") WHERE user_id is not null;--> statement-breakpoint
-- The account lists cached by every replica (migration 0005) say when a desktop node's license can
-- no longer publish (license_revoked, license_exhausted, license_expired: license/license-standing.ts).
-- A change to what decides that is news to the users of the node whose identity is the device.
-- Only changes that can turn the answer notify: a consume that leaves uses is routine.
CREATE OR REPLACE FUNCTION desktop_license_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'activation_codes' OR TG_TABLE_NAME = 'license_sessions' THEN
    PERFORM pg_notify('plume_openapi_accounts', 'n:' || l.node_id) FROM desktop_node_devices l WHERE l.device_id = NEW.device_id;
  ELSIF TG_TABLE_NAME = 'devices' THEN
    PERFORM pg_notify('plume_openapi_accounts', 'n:' || l.node_id) FROM desktop_node_devices l WHERE l.device_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'projects' THEN
    PERFORM pg_notify('plume_openapi_accounts', 'n:' || l.node_id)
      FROM desktop_node_devices l JOIN devices d ON d.id = l.device_id WHERE d.project_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'version_bans' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('plume_openapi_accounts', 'n:' || l.node_id)
        FROM desktop_node_devices l JOIN devices d ON d.id = l.device_id WHERE d.project_id = OLD.project_id AND d.app_version = OLD.app_version;
    ELSE
      PERFORM pg_notify('plume_openapi_accounts', 'n:' || l.node_id)
        FROM desktop_node_devices l JOIN devices d ON d.id = l.device_id WHERE d.project_id = NEW.project_id AND d.app_version = NEW.app_version;
    END IF;
  ELSIF TG_TABLE_NAME = 'desktop_node_devices' THEN
    PERFORM pg_notify('plume_openapi_accounts', 'n:' || NEW.node_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER desktop_license_notify AFTER UPDATE ON activation_codes
  FOR EACH ROW WHEN (
    NEW.device_id IS NOT NULL AND (
      OLD.device_id IS DISTINCT FROM NEW.device_id
      OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at
      OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
      OR (coalesce(OLD.remaining_count, 0) > 0) <> (coalesce(NEW.remaining_count, 0) > 0)))
  EXECUTE FUNCTION desktop_license_notify();
--> statement-breakpoint
CREATE TRIGGER desktop_license_notify AFTER UPDATE ON devices
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.app_version IS DISTINCT FROM NEW.app_version)
  EXECUTE FUNCTION desktop_license_notify();
--> statement-breakpoint
CREATE TRIGGER desktop_license_notify AFTER INSERT ON license_sessions
  FOR EACH ROW EXECUTE FUNCTION desktop_license_notify();
--> statement-breakpoint
-- A renewal moves token_expires_at (every token lifetime per device, not per request): the list's
-- expiry (license_expired once no session may renew) moves with it.
CREATE TRIGGER desktop_license_notify_update AFTER UPDATE ON license_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.token_expires_at IS DISTINCT FROM NEW.token_expires_at)
  EXECUTE FUNCTION desktop_license_notify();
--> statement-breakpoint
CREATE TRIGGER desktop_license_notify AFTER UPDATE ON projects
  FOR EACH ROW WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.policy IS DISTINCT FROM NEW.policy)
  EXECUTE FUNCTION desktop_license_notify();
--> statement-breakpoint
CREATE TRIGGER desktop_license_notify AFTER INSERT OR DELETE ON version_bans
  FOR EACH ROW EXECUTE FUNCTION desktop_license_notify();
--> statement-breakpoint
CREATE TRIGGER desktop_license_notify AFTER INSERT ON desktop_node_devices
  FOR EACH ROW EXECUTE FUNCTION desktop_license_notify();
