/** Whether the element with `id` has scrolled up out of view (not merely below the fold). */
import { useEffect, useState } from 'react';

export function useScrolledPast(id: string): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = document.getElementById(id);
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [id]);
  return past;
}
