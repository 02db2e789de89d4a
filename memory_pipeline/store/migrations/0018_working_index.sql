-- The message-count sensor reads, every minute, which users have >= N new memories or > M in working
-- memory. Counted from the heap, that read is every row with its vector (~5 GB at 2M memories; 10 s
-- cold); from the (user_id, id) index and this small partial index, it never touches the heap.
CREATE INDEX IF NOT EXISTS memories_user_working ON memories (user_id) WHERE layer = 'working';
