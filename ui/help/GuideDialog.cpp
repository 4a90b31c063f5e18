#include "ui/help/GuideDialog.h"

#include "ui/mainwindow/ScreenFit.h"
#include "ui/texts/CombiningMarks.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace rr::ui {

GuideDialog::GuideDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName("guideDialog");
    setWindowTitle(tr("RR Explorer Guide"));
    m_browser = new QTextBrowser;
    m_browser->setObjectName("guideText");
    m_browser->setOpenExternalLinks(true);
    QFile file(":/help/guide.html");
    if (file.open(QIODevice::ReadOnly))
        m_browser->setHtml(markedSymbolsInFont(QString::fromUtf8(file.readAll()), m_browser->font()));
    else
        m_browser->setPlainText(tr("The guide is missing from this build (resource :/help/guide.html)."));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    resizeWithinScreen(this, QSize(760, 820));
}

} // namespace rr::ui
