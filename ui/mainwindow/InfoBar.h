#pragma once
// A message strip over the views (success, warning, error) with optional action buttons:
// never a modal box, so the window stays responsive and tests can read it. It floats over the
// bottom of its host (overlay), so showing or hiding it never moves the tabs (issue 11).
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

    void showMessage(const QString& text, Kind kind);
    void addAction(const QString& text, const std::function<void()>& callback);
    QString text() const;
    Kind kind() const { return m_kind; }
    QStringList actionTexts() const;
    // Runs the action with this text (tests and keyboard users).
    bool trigger(const QString& text);
    // Floats over the bottom edge of `host` (a child of it, outside its layout), following its size.
    void overlay(QWidget* host);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void place();

    QLabel* m_icon;
    QLabel* m_text;
    QHBoxLayout* m_buttons;
    Kind m_kind = Kind::Info;
    QWidget* m_host = nullptr;
};

} // namespace rr::ui
