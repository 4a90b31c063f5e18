#include "core/data/Interrupt.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include <semaphore.h>
#include <unistd.h>

namespace rr {
namespace {

// The process's one interrupt state (a signal handler can only reach static storage).
enum Phase : int { kWorking = 0, kCommitting = 1, kEnding = 2 };
std::atomic<int> g_signal{0};
std::atomic<int> g_phase{kWorking};
std::atomic<int> g_rollbacks{0};
std::atomic<bool> g_written{false};
std::atomic<bool> g_installed{false};
std::atomic<bool> g_ending{false};
sem_t g_wake;
char g_prefix[128] = "";

std::mutex& registryMutex()
{
    static std::mutex m;
    return m;
}
std::vector<Interruptible*>& registry()
{
    static std::vector<Interruptible*> targets;
    return targets;
}

[[noreturn]] void endBySignal(int sig) noexcept
{
    if (g_ending.exchange(true)) // the watcher and the unwinding thread both end: one message, one exit
        for (;;)
            ::pause();
    removeTemporaryFilesNow();
    const char* what = g_written.load() ? "interrupted after the release was written (a note file written after it may be missing)\n"
                                        : "interrupted: nothing was written\n";
    [[maybe_unused]] ssize_t n = ::write(2, g_prefix, std::strlen(g_prefix));
    n = ::write(2, what, std::strlen(what));
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    ::sigaction(sig, &action, nullptr);
    ::raise(sig);
    ::_exit(128 + sig); // the signal is blocked or ignored here: end with the shell's status for it
}

extern "C" void onSignal(int sig)
{
    int none = 0;
    if (!g_signal.compare_exchange_strong(none, sig)) { // a second signal: end now
        removeTemporaryFilesNow();
        ::signal(sig, SIG_DFL);
        ::raise(sig);
        return;
    }
    sem_post(&g_wake);
}

void watch()
{
    for (;;) {
        while (sem_wait(&g_wake) != 0) {
        }
        {
            const std::lock_guard<std::mutex> lock(registryMutex());
            for (Interruptible* t : registry())
                t->interrupt();
        }
        if (g_rollbacks.load() > 0)
            continue; // the holder unwinds, rolls back and ends the process (finishIfInterrupted)
        int working = kWorking;
        if (g_phase.compare_exchange_strong(working, kEnding))
            endBySignal(g_signal.load());
        // committing: the commit ends first (CommitSection)
    }
}

} // namespace

InterruptRegistration::InterruptRegistration(Interruptible& target) : m_target(&target)
{
    const std::lock_guard<std::mutex> lock(registryMutex());
    registry().push_back(m_target);
}

InterruptRegistration::~InterruptRegistration()
{
    const std::lock_guard<std::mutex> lock(registryMutex());
    auto& r = registry();
    r.erase(std::remove(r.begin(), r.end(), m_target), r.end());
}

RollbackSection::RollbackSection()
{
    ++g_rollbacks;
}

RollbackSection::~RollbackSection()
{
    --g_rollbacks;
}

CommitSection::CommitSection() : m_uncaught(std::uncaught_exceptions())
{
    checkInterrupt();
    int working = kWorking;
    if (!g_phase.compare_exchange_strong(working, kCommitting))
        throw Cancelled("interrupted"); // the process is ending
}

CommitSection::~CommitSection()
{
    if (std::uncaught_exceptions() == m_uncaught)
        g_written = true;
    g_phase = kWorking;
    finishIfInterrupted();
}

bool interruptRequested() noexcept
{
    return g_signal.load() != 0;
}

void checkInterrupt()
{
    if (interruptRequested())
        throw Cancelled("interrupted");
}

void installInterruptHandlers(const std::string& program)
{
    if (g_installed.exchange(true))
        return;
    const std::string prefix = program.substr(0, sizeof g_prefix - 3) + ": ";
    std::memcpy(g_prefix, prefix.c_str(), prefix.size() + 1);
    if (sem_init(&g_wake, 0, 0) != 0)
        return;
    std::thread(watch).detach();
    for (int sig : {SIGINT, SIGTERM}) {
        struct sigaction old {};
        if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN)
            continue; // ignored by the parent (a background job): stays ignored
        struct sigaction action {};
        action.sa_handler = onSignal;
        sigemptyset(&action.sa_mask);
        ::sigaction(sig, &action, nullptr);
    }
}

void finishIfInterrupted() noexcept
{
    if (const int sig = g_signal.load(); sig != 0 && g_installed.load())
        endBySignal(sig);
}

} // namespace rr
