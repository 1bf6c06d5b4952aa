import { describe, expect, it } from 'vitest';
import { AGENT_CENTRE_PAGES, visibleAgentPages } from './agent-pages.ts';

const allOn = () => true;
const FIXED = AGENT_CENTRE_PAGES.filter((p) => !['agentDividend', 'agentDailyWages', 'agentHourlySalary'].includes(p));

describe('visibleAgentPages', () => {
  it('shows the fixed entries to every agent; the flagged ones only when the account flag allows', () => {
    expect(visibleAgentPages({ enableCt: false, salary: false, hourSalary: false }, allOn)).toEqual(FIXED);
    expect(visibleAgentPages({ enableCt: true, salary: false, hourSalary: false }, allOn)).toEqual([...FIXED, 'agentDividend']);
    expect(visibleAgentPages({ enableCt: false, salary: true, hourSalary: true }, allOn)).toEqual([...FIXED, 'agentDailyWages', 'agentHourlySalary']);
    expect(visibleAgentPages({ enableCt: true, salary: true, hourSalary: true }, allOn)).toEqual([...AGENT_CENTRE_PAGES]);
  });

  it("hides an entry whose merchant module flag is off, even when the account flag allows it", () => {
    const pages = visibleAgentPages({ enableCt: true, salary: true, hourSalary: true }, (f) => f !== 'AGENTTEAMBET3' && f !== 'AGENTDAILYWAGE3');
    expect(pages).not.toContain('agentTeamBetting');
    expect(pages).not.toContain('agentDailyWages');
    expect(pages).toContain('agentDividend');
    // Contracts have no menu flag of their own.
    expect(visibleAgentPages({ enableCt: false, salary: false, hourSalary: false }, () => false)).toEqual(['agentContracts']);
  });
});
