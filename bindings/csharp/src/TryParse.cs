// Try* forms of the parsers whose failure a GUI expects (a user's pasted
// SFEN, a dropped record file): false and the reason instead of throwing.
using System;

namespace LibShogi
{
    public sealed partial class Position
    {
        /// <summary>Reads SFEN text like <see cref="FromSfen(string)"/>, or
        /// returns false when the text is no valid position.</summary>
        /// <param name="sfen">the text (null is not a position)</param>
        /// <param name="position">the new position, or null</param>
        /// <param name="error">the reason it failed, or null</param>
        /// <returns>whether the text is a position</returns>
        public static bool TryFromSfen(string sfen, out Position position, out string error)
        {
            position = null;
            error = null;
            if (sfen == null)
            {
                error = "no text";
                return false;
            }
            try
            {
                position = FromSfen(sfen);
                return true;
            }
            catch (ShogiParseException e)
            {
                error = e.Message;
            }
            catch (ShogiArgumentException e)
            {
                error = e.Message; // e.g. a NUL inside the text
            }
            catch (ArgumentException e)
            {
                error = e.Message;
            }
            return false;
        }
    }

    public sealed partial class Record
    {
        /// <summary>Reads record text like <see cref="Parse(string, RecordFormat)"/>,
        /// or returns false when it is no record of the format.</summary>
        /// <param name="text">the text (null is no record: false)</param>
        /// <param name="format">the format, or Auto</param>
        /// <param name="record">the new record, or null</param>
        /// <param name="error">the reason it failed (with its line number), or null</param>
        /// <returns>whether the text is a record</returns>
        public static bool TryParse(string text, RecordFormat format, out Record record, out string error)
        {
            record = null;
            error = null;
            if (text == null)
            {
                error = "no text";
                return false;
            }
            try
            {
                record = Parse(text, format);
                return true;
            }
            catch (ShogiParseException e)
            {
                error = e.Message;
            }
            catch (IllegalMoveException e)
            {
                error = e.Message;
            }
            catch (ShogiUnsupportedException e)
            {
                error = e.Message;
            }
            return false;
        }
    }
}
