#include "ui/mainwindow/ActionAttempt.h"

#include "ui/texts/ErrorText.h"
#include "ui/mainwindow/InfoBar.h"

namespace rr::ui {

bool attempt(InfoBar& info, const QString& failure, const std::function<void()>& action)
{
    try {
        action();
        return true;
    } catch (const std::exception& e) {
        const QString what = errorText(e).toHtmlEscaped();
        info.showMessage(failure.isEmpty() ? what : failure.arg(what), InfoBar::Kind::Error);
        return false;
    }
}

} // namespace rr::ui
