/**
 * /api/admin/schedule: every integrator's scheduled jobs whose publish time
 * falls in a range, for the console's Schedule page (filterable by user,
 * platform and account). Registered inside the admin scope (through
 * publishingAdminRoutes), so it shares its auth, audit, error model and
 * OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responses } from '../../http/admin-query.js';
import type { Db } from '../../db/client.js';
import { adminCalendarQuery, calendarAnswerFields, calendarJobView } from './schedule-calendar-view.js';
import { scheduleCalendarRepository } from './schedule-calendar.repository.js';

export function scheduleAdminRoutes({ db }: { db: Db }) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/schedule',
      {
        schema: {
          tags: ['jobs'],
          operationId: 'listSchedule',
          summary: 'Scheduled jobs whose publish time falls in a range, oldest due first, for every user or one',
          description:
            'Jobs in state scheduled (accepted with publishAt, not due yet) with their user, account, platform, batch and title. A job that became due is queued and leaves the schedule. 400 INVALID_REQUEST for a range that is empty, reversed or longer than 42 days.',
          querystring: adminCalendarQuery,
          response: responses(z.object({ success: z.literal(true), ...calendarAnswerFields })),
        },
      },
      async (request) => {
        const q = request.query;
        const { jobs, truncated } = await scheduleCalendarRepository.list(db, {
          from: new Date(q.from),
          to: new Date(q.to),
          userId: q.userId,
          platform: q.platform,
          accountId: q.accountId,
        });
        return { success: true as const, jobs: jobs.map(calendarJobView), truncated };
      },
    );
  };
}
