#pragma once
// An exception's message as the GUI shows it (message boxes, the info bar, status lines) or the headless
// export prints it: control characters from input files escaped (\x1b, \x0a; core/data/TerminalText).
#include "core/data/TerminalText.h"

#include <QString>

#include <exception>

namespace rr::ui {

inline QString errorText(const std::exception& e)
{
    return QString::fromStdString(escapeControls(e.what()));
}

} // namespace rr::ui
