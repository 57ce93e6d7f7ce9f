CREATE TABLE "account_egress" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"node_id" text,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_egress_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_egress_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_network" text NOT NULL,
	"to_network" text NOT NULL,
	"from_node_id" text,
	"node_id" text,
	"job_id" text
);
--> statement-breakpoint
ALTER TABLE "execution_nodes" ADD COLUMN "egress_network" text;--> statement-breakpoint
ALTER TABLE "account_egress" ADD CONSTRAINT "account_egress_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_egress_changes" ADD CONSTRAINT "account_egress_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_egress_changes_account" ON "account_egress_changes" USING btree ("account_id","at");--> statement-breakpoint
-- A job's start (its state becoming running: a node accepted it, or took it back after a reconnect) records where the
-- account publishes from: the network its node's session connected from. The same network as before writes nothing
-- (the common case costs one read of two primary keys). Another one is an egress change: recorded with its time, both
-- networks and nodes and the job, the account's egress moved, and an `egress_changed` health signal written (the
-- platform sees a login from somewhere new; the health rules count it like any other signal). The signal names the
-- job and nodes, not the networks: signals reach integrators (GET /accounts, the health webhook), the networks of the
-- operator's nodes stay in the admin API.
CREATE OR REPLACE FUNCTION account_egress_on_start() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  net text;
  cur text;
  cur_node text;
  old_net text;
  old_node text;
BEGIN
  -- One read for both: the node session's network and the account's recorded one.
  SELECT n.egress_network, e.network, e.node_id INTO net, cur, cur_node
  FROM execution_nodes n LEFT JOIN account_egress e ON e.account_id = NEW.account_id WHERE n.id = NEW.node_id;
  IF net IS NULL THEN
    RETURN NULL;
  END IF;
  IF cur IS NULL THEN
    INSERT INTO account_egress (account_id, network, node_id) VALUES (NEW.account_id, net, NEW.node_id)
    ON CONFLICT (account_id) DO NOTHING;
    IF FOUND THEN
      RETURN NULL;
    END IF;
  ELSIF cur = net THEN
    -- The same network through another node (an account moved within one site or range): not a change.
    IF cur_node IS DISTINCT FROM NEW.node_id THEN
      UPDATE account_egress SET node_id = NEW.node_id WHERE account_id = NEW.account_id AND network = net;
    END IF;
    RETURN NULL;
  END IF;
  -- Another network (or a first row another start wrote meanwhile): decided under the row's lock.
  SELECT e.network, e.node_id INTO old_net, old_node FROM account_egress e WHERE e.account_id = NEW.account_id FOR UPDATE;
  IF old_net IS NULL OR old_net = net THEN
    RETURN NULL;
  END IF;
  UPDATE account_egress SET network = net, node_id = NEW.node_id, since = now() WHERE account_id = NEW.account_id;
  INSERT INTO account_egress_changes (account_id, from_network, to_network, from_node_id, node_id, job_id)
  VALUES (NEW.account_id, old_net, net, old_node, NEW.node_id, NEW.id);
  INSERT INTO account_health_signals (account_id, kind, source, detail)
  VALUES (NEW.account_id, 'egress_changed', 'control_plane',
          jsonb_build_object('job_id', NEW.id, 'from_node_id', old_node, 'node_id', NEW.node_id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER publish_jobs_egress AFTER UPDATE ON publish_jobs FOR EACH ROW
  WHEN (NEW.state = 'running' AND OLD.state <> 'running' AND NEW.node_id IS NOT NULL)
  EXECUTE FUNCTION account_egress_on_start();
