#include "ui/texts/CombiningMarks.h"

#include <QFontDatabase>
#include <QHash>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>

namespace rr::ui {
namespace {

QImage drawn(const QFont& font, const QString& text)
{
    QImage image(64, 64, QImage::Format_Grayscale8);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setFont(font);
    painter.setPen(Qt::black);
    painter.drawText(QRect(0, 0, 64, 64), Qt::AlignCenter, text);
    return image;
}

} // namespace

bool drawsCombiningMarks(const QFont& font)
{
    QFont f = font;
    f.setPixelSize(24);
    return drawn(f, QString(QChar(0x03C0))) != drawn(f, QString(QChar(0x03C0)) + QChar(0x0302));
}

QFont fontForMarks(const QFont& font)
{
    static QHash<QString, QString> chosen; // family asked -> family that draws the marks (GUI thread only)
    const QString asked = QFontInfo(font).family();
    if (!chosen.contains(asked)) {
        QString family = asked;
        if (!drawsCombiningMarks(font)) {
            QStringList candidates{QStringLiteral("DejaVu Serif"), QStringLiteral("Noto Serif"),
                                   QStringLiteral("Liberation Serif")};
            candidates << QFontDatabase::families();
            for (const QString& c : candidates)
                if (QFontDatabase::hasFamily(c) && drawsCombiningMarks(QFont(c))) {
                    family = c;
                    break;
                }
        }
        chosen.insert(asked, family);
    }
    QFont out = font;
    out.setFamilies({chosen.value(asked)});
    return out;
}

QString markedSymbolsInFont(const QString& html, const QFont& font)
{
    const QFont marks = fontForMarks(font);
    if (QFontInfo(marks).family() == QFontInfo(font).family())
        return html;
    static const QRegularExpression symbol(QStringLiteral("(&[A-Za-z]+;|\\w)(&#770;|\u0302)"));
    QString out = html;
    out.replace(symbol, QStringLiteral("<span style=\"font-family: '%1'\">\\1\\2</span>").arg(marks.family()));
    return out;
}

} // namespace rr::ui
