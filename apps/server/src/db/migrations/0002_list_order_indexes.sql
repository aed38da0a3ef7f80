CREATE INDEX "employees_city_order_idx" ON "employees" USING btree (translate(lower("city"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa'));--> statement-breakpoint
CREATE INDEX "employees_city_desc_order_idx" ON "employees" USING btree (translate(lower("city"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa') desc nulls last);--> statement-breakpoint
CREATE INDEX "employees_warranty_order_idx" ON "employees" USING btree ("warranty_until");--> statement-breakpoint
CREATE INDEX "employees_warranty_desc_order_idx" ON "employees" USING btree ("warranty_until" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree ("search_text","id");--> statement-breakpoint
CREATE INDEX "users_first_name_order_idx" ON "users" USING btree (translate(lower("first_name"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa'),"search_text","id");