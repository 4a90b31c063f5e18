#pragma once
// Background work runs below the GUI thread's priority, so the window stays responsive while the cores
// are busy loading or computing (the GUI thread gets the CPU within a scheduler tick).
namespace rr::ui {

// Lowers the calling thread's scheduling priority (Linux: nice +10 for this thread only; threads it
// starts inherit it). Does nothing on the GUI thread: QFuture::waitForFinished may run a queued job there,
// and an unprivileged thread could never raise its priority again.
void lowerWorkerPriority();

} // namespace rr::ui
