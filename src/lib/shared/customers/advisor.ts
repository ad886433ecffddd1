// The 专属顾问 as answers name them (decision 0090); apart from customers.ts so that the order
// answers can carry it without importing the order requests back.
import { z } from '../zod.ts';
import { ridOut } from '../responses.ts';

/** An advisor as customers and staff see them: name and phone. */
export const AdvisorSchema = z.object({ rid: ridOut, name: z.string(), phone: z.string() });
export type Advisor = z.output<typeof AdvisorSchema>;

/** The customer's own advisor (member centre, order page), or null. */
export const MyAdvisorSchema = z.object({ name: z.string(), phone: z.string() }).nullable();
