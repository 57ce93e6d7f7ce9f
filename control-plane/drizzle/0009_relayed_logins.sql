CREATE TABLE "node_login_frames" (
	"login_id" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"jpeg" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"account_ref" text,
	"state" text DEFAULT 'opening' NOT NULL,
	"step" jsonb,
	"qr" jsonb,
	"outcome" jsonb,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "node_logins_open" ON "node_logins" USING btree ("ended_at","expires_at");--> statement-breakpoint
CREATE INDEX "node_logins_node" ON "node_logins" USING btree ("node_id");