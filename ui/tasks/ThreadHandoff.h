#pragma once
// Qt's thread pool, futures and queued calls synchronize inside Qt, which ThreadSanitizer cannot see (Qt is
// not built with it), so every hand-off of a job between the GUI thread and a worker would be reported as a
// race. These mark the hand-offs for it: what a thread wrote before handOff(key) is visible to a thread
// that calls takeOver(key) after. They cost nothing in other builds. (scripts/sanitize.sh, issue 7)
#if defined(__SANITIZE_THREAD__)
#define RR_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define RR_THREAD_SANITIZER 1
#endif
#endif

#ifdef RR_THREAD_SANITIZER
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace rr::ui {

inline void handOff([[maybe_unused]] const void* key)
{
#ifdef RR_THREAD_SANITIZER
    __tsan_release(const_cast<void*>(key));
#endif
}

inline void takeOver([[maybe_unused]] const void* key)
{
#ifdef RR_THREAD_SANITIZER
    __tsan_acquire(const_cast<void*>(key));
#endif
}

} // namespace rr::ui
