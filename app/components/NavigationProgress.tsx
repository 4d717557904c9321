import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** Shown only when work takes longer than this: quick navigations do not flash a bar. */
const SHOW_AFTER_MS = 150;

/**
 * A slim bar at the top of the window while a page loads or a form is sent (navigation or
 * fetcher), so a visitor on a slow connection knows something is happening.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div
      className={visible ? "navigation-progress is-active" : "navigation-progress"}
      role="progressbar"
      aria-label="Memuat"
      aria-hidden={!visible}
      aria-valuetext={visible ? "Memuat..." : undefined}
    />
  );
}
