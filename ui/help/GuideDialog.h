#pragma once
// Help > Guide: what the numbers mean in plain words (risk, l, tau, epsilon, utility losses), each with its
// source named in full, and a glossary of the symbols in the charts' legends. The text is resources/help.
#include <QDialog>

class QTextBrowser;

namespace rr::ui {

class GuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit GuideDialog(QWidget* parent = nullptr);
    QTextBrowser* browser() const { return m_browser; }

private:
    QTextBrowser* m_browser;
};

} // namespace rr::ui
