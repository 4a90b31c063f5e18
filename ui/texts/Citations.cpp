#include "ui/texts/Citations.h"

#include <QRegularExpression>
#include <QStringList>

namespace rr::ui {
namespace {

// A reference: a paper of the seeds (000..004) with a place in it, or a bare "Property 1" / "Result 5" /
// "eq. 5.2" / "Def. 8" / "Table 3.3" / "Sec. 3.2" (with its following numbers: "Results 4, 5", "eq. 13-17").
const QRegularExpression& reference()
{
    // A following number joins only when nothing but a separator or the end follows it: "Results 4, 5)" is one
    // reference, "Sec. 5.1, 4 sigma" is a reference and a figure.
    static const QRegularExpression re(
        QStringLiteral("(?:\\b00[0-4]\\s+)?\\b(?:eqs?\\.|Sec\\.|Def\\.|Defs\\.|Table|Alg\\.|Ch\\.|Property|Prop\\."
                       "|Results?|Fig\\.|Thm\\.)\\s*\\d[\\d.]*(?:\\s*[\\-\\x{2013},]\\s*\\d[\\d.]*(?=\\s*(?:[,;)\\-\\x{2013}]|$)))*"));
    return re;
}

// What is left of a part of a parenthesis once its references went: nothing but filler words.
bool onlyFiller(const QString& part)
{
    static const QRegularExpression filler(
        QStringLiteral("^[\\s,;:]*(?:and|see|as in|cf\\.|after|of|in|by)?[\\s,;:]*$"));
    return filler.match(part).hasMatch();
}

} // namespace

bool hasCitation(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(
        "\\b00[0-4]\\s+(?:eqs?\\.|Sec\\.|Def\\.|Table|Alg\\.|Ch\\.|Property|Prop\\.|Results?|Fig\\.|Thm\\.)|"
        "\\bProperty\\s+\\d|\\bDef\\.\\s*\\d|\\beqs?\\.\\s*\\d"));
    return re.match(text).hasMatch();
}

QString withoutCitations(const QString& text)
{
    if (!hasCitation(text))
        return text;
    // Innermost parentheses first; kept ones are masked so the outer ones see plain text.
    constexpr QChar open(0xE000), close(0xE001);
    static const QRegularExpression inner(QStringLiteral("\\s?\\(([^()]*)\\)"));
    QString s = text;
    for (QRegularExpressionMatch m = inner.match(s); m.hasMatch(); m = inner.match(s)) {
        QString content = m.captured(1);
        const bool cited = hasCitation(content) || content.contains(reference());
        QStringList kept;
        if (cited) {
            content.replace(reference(), QString());
            for (const QString& part : content.split(QRegularExpression(QStringLiteral("[,;]"))))
                if (!onlyFiller(part))
                    kept << part.trimmed();
        } else {
            kept << content; // a parenthesis of the text's own
        }
        const bool space = m.captured(0).startsWith(' ');
        s.replace(m.capturedStart(), m.capturedLength(),
                  kept.isEmpty() ? QString() : (space ? QStringLiteral(" ") : QString()) + open + kept.join(", ") + close);
    }
    s.replace(open, '(').replace(close, ')');
    // References left in running text ("004 Sec. 4.4: per size ..."), then the spaces and marks they leave.
    s.replace(reference(), QString());
    static const QRegularExpression spaces(QStringLiteral("[ \\t]{2,}"));
    static const QRegularExpression beforeMark(QStringLiteral("[ \\t]+([.,;:])"));
    static const QRegularExpression leading(QStringLiteral("^[\\s:;,]+"));
    s.replace(spaces, QStringLiteral(" ")).replace(beforeMark, QStringLiteral("\\1")).remove(leading);
    return s;
}

} // namespace rr::ui
