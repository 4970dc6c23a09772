import { defaultWorkingHours, type Advisor } from '@belleza/contract';

/** A contract-valid advisor; override what a test cares about. */
export function makeAdvisor(overrides: Partial<Advisor> & { isAdmin?: boolean } = {}): Advisor {
  const { isAdmin = false, ...rest } = overrides;
  return {
    advisorId: 'adv_1',
    name: 'Lucía Torres',
    email: 'lucia@belleza.test',
    status: 'available',
    statusReason: null,
    suspended: false,
    online: false,
    createdAt: '2026-11-01T14:00:00.000Z',
    profile: {
      title: 'Estilista',
      expertise: ['Coloración'],
      bio: '',
      phone: '',
      timezone: 'America/Lima',
      isAdmin,
      showOnLanding: false,
    },
    stats: { totalCalls: 0, completedCalls: 0, averageRating: 0, totalDuration: 0 },
    settings: { autoAcceptCalls: false, maxConcurrentCalls: 1, workingHours: defaultWorkingHours },
    photo: null,
    ...rest,
  };
}
