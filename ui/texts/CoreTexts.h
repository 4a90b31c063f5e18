#pragma once
// core/ has no Qt, so its fixed English labels (measure names, modes, rule verdicts, release actions and roles)
// are translated where the GUI shows them: coreText(label) looks the label up under the context
// "rr::ui::CoreTexts", where CoreTexts.cpp lists every such label for lupdate. An unknown label stays as is.
#include <QString>

#include <string_view>

namespace rr::ui {

QString coreText(std::string_view label);

} // namespace rr::ui
