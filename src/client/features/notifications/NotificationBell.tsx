// The top bar's bell: the user's events with an unread count; choosing an item marks it read and opens what it is
// about (the thread, the feedback item, the meeting request, the project: its href, shared/item-links.ts).
import { Bell, CheckCheck } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu";
import { cn } from "../../lib/cn";
import { formatStoredText, timeAgo } from "../../lib/date-time";
import { useNotifications } from "./api/get-notifications";
import { useMarkRead } from "./api/mark-notifications-read";

export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const unread = notifications.data?.unreadCount ?? 0;
  const items = notifications.data?.items ?? [];
  const now = new Date();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"}
          data-testid="notification-bell"
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span className="absolute top-1.5 right-1.5 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-bold text-white">
              {unread > 9 ? "9+" : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80 max-w-[calc(100vw-2rem)] p-0">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <p className="text-sm font-semibold text-slate-900">Notifications</p>
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={(event) => {
              event.preventDefault();
              markRead.mutate(null);
            }}
          >
            <CheckCheck aria-hidden="true" />
            Mark all read
          </Button>
        </div>
        <div className="max-h-96 overflow-y-auto p-1">
          {notifications.isPending ? (
            <p className="px-3 py-6 text-center text-sm text-slate-500">Loading...</p>
          ) : notifications.isError ? (
            <p className="px-3 py-6 text-center text-sm text-slate-500">Notifications could not be loaded.</p>
          ) : items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-500">No notifications yet.</p>
          ) : (
            items.map((item) => (
              <DropdownMenuItem
                key={item.id}
                className="items-start"
                onSelect={() => {
                  if (!item.read) markRead.mutate(item.id);
                  navigate(item.href);
                }}
              >
                <span
                  className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-brand-600")}
                  aria-hidden="true"
                />
                <span className="grid gap-0.5">
                  <span className={cn("text-sm", item.read ? "text-slate-700" : "font-semibold text-slate-900")}>
                    {item.title}
                    {!item.read && <span className="sr-only"> (unread)</span>}
                  </span>
                  {item.description && <span className="text-xs text-slate-600">{formatStoredText(item.description)}</span>}
                  <time className="text-xs text-slate-500" dateTime={item.createdAt}>
                    {timeAgo(item.createdAt, now)}
                  </time>
                </span>
              </DropdownMenuItem>
            ))
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
