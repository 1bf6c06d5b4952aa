-- Settlement rewrites every ticket of a page in one transaction, and the old versions stay on the page until it
-- commits: a heap-only update of all of them needs as much free space as the tickets fill, plus the 20 bytes each
-- grows by (hits, payout, settled_at). At fillfactor 60 only about 60 % of the rewrites stayed on their page; the
-- rest moved and inserted into all four indexes (issue 14: 1,000,000 tickets, 605 MB of WAL). At 45 every rewrite is
-- heap-only. New pages only: tickets already stored keep their layout.
ALTER TABLE "lottery_tickets" SET (fillfactor = 45);
