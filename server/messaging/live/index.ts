import "server-only";

// Live delivery of messages (decision 0020): NOTIFY in the writing transaction, one LISTEN per
// app instance, server-sent events per signed-in member.
export { listMessagesAfter, REPLAY_LIMIT, type LiveMessage } from "./load-live-messages";
export { getMessageHub, MessageHub, noticeSourceFor, MAX_STREAMS_PER_MEMBER } from "./message-hub";
export { pgliteNoticeSource, postgresNoticeSource, type NoticeSource } from "./notice-source";
export { NEW_MESSAGE_CHANNEL, notifyNewMessage, type NewMessageNotice } from "./notify-new-message";
export { HEARTBEAT_MS, openMessageStream, parseLastEventId } from "./open-message-stream";
