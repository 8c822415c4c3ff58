using System;

namespace LibShogi
{
    public sealed partial class Record
    {
        /// <summary>Every game of a record file (a CSA file separates its
        /// games by "/"; <see cref="Parse(byte[], RecordFormat)"/> refuses such a file).
        /// Never null; the caller disposes every record. On an error no record
        /// is made.</summary>
        /// <exception cref="ArgumentNullException">data is null</exception>
        /// <exception cref="ShogiParseException">a game does not parse (the message names its line)</exception>
        public static Record[] ParseAll(byte[] data, RecordFormat format = RecordFormat.Auto)
        {
            if (data == null)
                throw new ArgumentNullException("data");
            byte[] err = Errors.New();
            UIntPtr count;
            int f;
            Errors.Check(NativeMethods.shogi_record_parse_all(data, (UIntPtr)data.Length, (int)format, null, UIntPtr.Zero,
                                                              out count, out f, err), err);
            var items = new IntPtr[(int)count.ToUInt64()];
            err = Errors.New();
            Errors.Check(NativeMethods.shogi_record_parse_all(data, (UIntPtr)data.Length, (int)format, items,
                                                              (UIntPtr)items.Length, out count, out f, err), err);
            var records = new Record[items.Length];
            for (int i = 0; i < items.Length; i++)
                records[i] = new Record(new RecordHandle(items[i]));
            return records;
        }

        /// <summary>ParseAll for text (given to the library as UTF-8).</summary>
        /// <exception cref="ArgumentNullException">text is null</exception>
        public static Record[] ParseAll(string text, RecordFormat format = RecordFormat.Auto)
        {
            if (text == null)
                throw new ArgumentNullException("text");
            byte[] z = Utf8.Encode(text, "text");
            byte[] data = new byte[z.Length - 1];
            Array.Copy(z, data, data.Length);
            return ParseAll(data, format);
        }

        /// <summary>What the reader accepted but could not fully read (e.g.
        /// an unknown KIF end word), one string each: a new array, never null,
        /// empty when the record was read in full.</summary>
        public string[] Warnings
        {
            get
            {
                string text = StringsOut.GetString((byte[] buf, UIntPtr cap, out UIntPtr needed, byte[] err) =>
                    NativeMethods.shogi_record_warnings(handle, buf, cap, out needed, err), 64);
                return text.Length == 0 ? new string[0] : text.Split('\n');
            }
        }
    }
}
