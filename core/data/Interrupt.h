#pragma once
// Ctrl+C (SIGINT) and SIGTERM while a front end works: the statement running on a database server is cancelled
// (each registered connection's cancel: PQcancel, sqlite3_interrupt, SQLCancel), a database write rolls back
// (its owner unwinds; SQLite leaves no journal), the temporary files of writes under way are removed, and the
// process says "interrupted: nothing was written" on stderr and ends by the signal, as it would have without a
// handler (the shell's status 130 for SIGINT, 143 for SIGTERM). A second signal ends it at once.
//
// Process-wide by nature: a signal reaches the whole process. The handler itself only records the signal and
// wakes a watcher thread (sem_post, async-signal-safe); the watcher cancels and ends the process outside the
// handler, where any call is allowed.
#include <string>

namespace rr {

// Something that can stop work under way on another thread: a database connection.
class Interruptible {
public:
    virtual void interrupt() noexcept = 0;

protected:
    ~Interruptible() = default;
};

// `target` is interrupted by a signal while this lives (it must outlive it).
class InterruptRegistration {
public:
    explicit InterruptRegistration(Interruptible& target);
    ~InterruptRegistration();
    InterruptRegistration(const InterruptRegistration&) = delete;
    InterruptRegistration& operator=(const InterruptRegistration&) = delete;

private:
    Interruptible* m_target;
};

// Held while a database transaction that rolls itself back is open (a release into a table): a signal then
// cancels the statement and leaves the unwinding to the holder, whose rollback runs before the front end ends
// the process (finishIfInterrupted).
class RollbackSection {
public:
    RollbackSection();
    ~RollbackSection();
    RollbackSection(const RollbackSection&) = delete;
    RollbackSection& operator=(const RollbackSection&) = delete;
};

// Held while a release commits (its files renamed into place, its COMMIT): a signal waits until the commit
// ends, so the output is there whole or not at all, and the message says which. Throws Cancelled when a
// signal came before it began.
class CommitSection {
public:
    CommitSection();
    ~CommitSection();
    CommitSection(const CommitSection&) = delete;
    CommitSection& operator=(const CommitSection&) = delete;

private:
    int m_uncaught;
};

// Whether a signal asked to stop.
bool interruptRequested() noexcept;
// Throws Cancelled when a signal asked to stop (work checks it where a cancel alone may not reach it).
void checkInterrupt();

// Installs the handlers of SIGINT and SIGTERM (not over a signal the parent ignores) and starts the watcher;
// `program` starts the message. Once, at the start of an entry point.
void installInterruptHandlers(const std::string& program);

// After a signal: the message on stderr, then the signal ends the process. Returns when no signal came.
void finishIfInterrupted() noexcept;

} // namespace rr
