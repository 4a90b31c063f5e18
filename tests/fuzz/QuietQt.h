#pragma once
// Harnesses that call Qt: its warnings about odd input (such as "Broken filename passed to function" for a
// path with a NUL byte) are expected, not findings, and would flood the fuzzer's log. Included once per
// harness: installs a handler that drops them when the harness is loaded.
#include <QtGlobal>

namespace rr::fuzz {

inline void quietQtMessage(QtMsgType, const QMessageLogContext&, const QString&) {}
[[maybe_unused]] inline const QtMessageHandler g_previousQtHandler = qInstallMessageHandler(quietQtMessage);

} // namespace rr::fuzz
