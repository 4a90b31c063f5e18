#include "ui/tasks/WorkerPriority.h"

#include <QCoreApplication>
#include <QThread>

#ifdef __linux__
#include <cerrno>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace rr::ui {

void lowerWorkerPriority()
{
    const QCoreApplication* app = QCoreApplication::instance();
    if (!app || QThread::currentThread() == app->thread())
        return;
#ifdef __linux__
    constexpr int kWorkerNice = 10;
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int now = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0 && now < kWorkerNice)
        ::setpriority(PRIO_PROCESS, tid, kWorkerNice); // best effort: on failure the job runs as before
#endif
}

} // namespace rr::ui
