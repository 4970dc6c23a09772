import type { ReportData } from '@belleza/contract';

const month = (key: string, calls: number) => ({
  month: key,
  calls,
  completedCalls: Math.floor(calls * 0.8),
  satisfaction: calls > 0 ? 4.5 : null,
  duration: calls * 12,
  missedCalls: calls > 0 ? 2 : 0,
  abandonedCalls: calls > 0 ? 1 : 0,
  averageTimeToAnswer: calls > 0 ? 42 : 0,
  answerRate: calls > 0 ? 90 : 0,
});

export function makeReport(overrides: Partial<ReportData> = {}): ReportData {
  return {
    currency: 'PEN',
    totalCalls: 120,
    monthlyGrowth: 12.5,
    avgSessionTime: 14,
    completionRate: 80,
    customerSatisfaction: 4.56,
    averageRating: 4.56,
    totalAdvisors: 2,
    topAdvisor: 'Lucía Torres',
    advisors: [
      {
        advisorId: 'adv_1',
        email: 'lucia@belleza.test',
        name: 'Lucía Torres',
        isAdmin: true,
        calls: 80,
        completedCalls: 70,
        rating: 4.66,
        averageDuration: 15,
        revenue: 2100,
        status: 'available',
        averageTimeToAnswer: 38,
        answerRate: 92.5,
        missedOffers: 3,
      },
      {
        advisorId: 'adv_2',
        email: 'mario@belleza.test',
        name: 'Mario Paz',
        isAdmin: false,
        calls: 40,
        completedCalls: 26,
        rating: 0,
        averageDuration: 75,
        revenue: 3900,
        status: 'busy',
        averageTimeToAnswer: 95,
        answerRate: 80,
        missedOffers: 7,
      },
    ],
    months: [
      month('2026-06', 0),
      month('2026-07', 10),
      month('2026-08', 20),
      month('2026-09', 25),
      month('2026-10', 30),
      month('2026-11', 35),
    ],
    detail: {
      connectionRate: 85.5,
      totalDuration: 1680,
      returningClientsRate: 12.3,
      averageTimeToAnswer: 48,
      answerRate: 88.4,
      missedCalls: 10,
      abandonedCalls: 5,
    },
    ...overrides,
  };
}

export const emptyReport = (): ReportData =>
  makeReport({
    totalCalls: 0,
    monthlyGrowth: 0,
    avgSessionTime: 0,
    completionRate: 0,
    customerSatisfaction: 0,
    averageRating: 0,
    totalAdvisors: 0,
    topAdvisor: null,
    advisors: [],
    months: makeReport().months.map((m) => ({
      ...m,
      calls: 0,
      completedCalls: 0,
      satisfaction: null,
      duration: 0,
    })),
  });
