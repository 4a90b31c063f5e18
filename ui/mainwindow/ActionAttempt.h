#pragma once
// The one error path of every user action: what it throws goes to the message bar, never a modal box.
#include <QString>

#include <functional>

namespace rr::ui {

class InfoBar;

// Runs `action`; an error it throws goes to `info`, put into `failure` ("Could not open the session: %1") when
// given. False when it threw.
bool attempt(InfoBar& info, const QString& failure, const std::function<void()>& action);

} // namespace rr::ui
