#pragma once
// A one-line status label that ends in "…" where its text does not fit, never cut in the middle of a number
// ("analysed 9" for 9,258,854): the status bar squeezes its labels when a task's progress needs the room.
#include <QLabel>

namespace rr::ui {

class ElidingLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidingLabel(QWidget* parent = nullptr);
    void setFullText(const QString& text);
    const QString& fullText() const { return m_full; }
    QSize sizeHint() const override;        // the whole text
    QSize minimumSizeHint() const override; // a few characters and "…"

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void showFitting();
    QString m_full;
};

} // namespace rr::ui
