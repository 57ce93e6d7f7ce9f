DROP INDEX "consumption_logs_project_created";--> statement-breakpoint
DROP INDEX "consumption_logs_created";--> statement-breakpoint
CREATE INDEX "consumption_logs_project_created_id" ON "consumption_logs" USING btree ("project_id","created_at","id","outcome");--> statement-breakpoint
CREATE INDEX "consumption_logs_created_id" ON "consumption_logs" USING btree ("created_at","id","outcome");