#pragma once
// A message strip under the views (success, warning, error) with optional action buttons:
// never a modal box, so the window stays responsive and tests can read it. It lies in the window's
// layout below the page: showing it shortens the page and covers nothing (issue 20, bug 4), and the tab
// bar above never moves (issue 11).
#include <QFrame>

#include <functional>

class QLabel;
class QHBoxLayout;

namespace rr::ui {

class InfoBar : public QFrame {
    Q_OBJECT
public:
    enum class Kind { Info, Success, Warning, Error };
    explicit InfoBar(QWidget* parent = nullptr);

    // `details`: the strip's tooltip (e.g. the papers' references the text leaves out); empty: none.
    void showMessage(const QString& text, Kind kind, const QString& details = {});
    void addAction(const QString& text, const std::function<void()>& callback);
    QString text() const;
    Kind kind() const { return m_kind; }
    QStringList actionTexts() const;
    // Runs the action with this text (tests and keyboard users).
    bool trigger(const QString& text);
    // What the shown message states ("optimization 1 0.3333", "roles ..."); the next message clears it.
    void setTopic(const QString& topic) { m_topic = topic; }
    QString topic() const { return isHidden() ? QString() : m_topic; }
    // Hides a message of this `kind` (the topic's first word) that no longer states `current` (issue 45: a
    // text about the mode, l or the roles goes when they change).
    void dismissStale(const QString& kind, const QString& current);
private:
    QLabel* m_icon;
    QLabel* m_text;
    QHBoxLayout* m_buttons;
    Kind m_kind = Kind::Info;
    QString m_topic;
};

} // namespace rr::ui
